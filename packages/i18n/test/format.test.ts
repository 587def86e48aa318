import { describe, expect, it } from 'vitest';
import {
  csvDelimiter,
  decimalSeparator,
  formatDecimal,
  formatNumber,
  formatPercent,
  formatSize,
  numberFormat,
  toLocaleTag,
} from '../src/index';

// Intl separates thousands with a no-break space in Russian and Kyrgyz.
const nbsp = (text: string) => text.replace(/ /g, '\u00a0');

describe('number formats', () => {
  it('takes the BCP 47 tag of the language: ky for the portal code kg', () => {
    expect(toLocaleTag('kg')).toBe('ky');
    expect(toLocaleTag('ru')).toBe('ru');
    expect(toLocaleTag('en')).toBe('en');
    expect(numberFormat('kg').resolvedOptions().locale).toBe('ky');
  });

  it('writes a decimal comma in Russian and Kyrgyz and a point in English', () => {
    expect(formatDecimal(2.31, 'ru')).toBe('2,31');
    expect(formatDecimal(2.31, 'kg')).toBe('2,31');
    expect(formatDecimal(2.31, 'en')).toBe('2.31');
    expect(decimalSeparator('ru')).toBe(',');
    expect(decimalSeparator('kg')).toBe(',');
    expect(decimalSeparator('en')).toBe('.');
  });

  it('rounds to two decimals half away from zero, and drops trailing zeros', () => {
    expect(formatDecimal(2.345, 'ru')).toBe('2,35');
    expect(formatDecimal(1.005, 'en')).toBe('1.01');
    expect(formatDecimal(-2.345, 'en')).toBe('-2.35');
    expect(formatDecimal(4.5, 'ru')).toBe('4,5');
    expect(formatDecimal(5, 'kg')).toBe('5');
    expect(formatDecimal(2.3456, 'en', 3)).toBe('2.346');
  });

  it('groups thousands as the language does', () => {
    expect(formatNumber(48000, 'ru')).toBe(nbsp('48 000'));
    expect(formatNumber(48000, 'kg')).toBe(nbsp('48 000'));
    expect(formatNumber(48000, 'en')).toBe('48,000');
    expect(formatDecimal(1234.5, 'en')).toBe('1,234.5');
  });

  it('rounds sizes and limits: one decimal under 10, whole from 10 up, bytes whole', () => {
    expect(formatSize(99620856.82784206, 'ru')).toBe(nbsp('99 620 857'));
    expect(formatSize(99620856.82784206, 'kg')).toBe(nbsp('99 620 857'));
    expect(formatSize(99620856.82784206, 'en')).toBe('99,620,857');
    expect(formatSize(2.44, 'ru')).toBe('2,4');
    expect(formatSize(9.96, 'en')).toBe('10');
    expect(formatSize(10.5, 'ru')).toBe('11');
    expect(formatSize(0.5, 'kg')).toBe('0,5');
    expect(formatSize(2.44, 'en', { style: 'unit', unit: 'megabyte', unitDisplay: 'short' })).toBe(
      '2.4 MB',
    );
    expect(formatSize(5, 'en', { style: 'unit', unit: 'byte', unitDisplay: 'long' })).toBe(
      '5 bytes',
    );
  });

  it('writes percents in the language', () => {
    expect(formatPercent(0.25, 'ru')).toBe(nbsp('25 %'));
    expect(formatPercent(0.25, 'en')).toBe('25%');
    expect(formatPercent(0.254, 'kg')).toMatch(/^25\s?%$/);
  });

  it('separates CSV fields with ; where the decimal is a comma, else with ,', () => {
    expect(csvDelimiter('ru')).toBe(';');
    expect(csvDelimiter('kg')).toBe(';');
    expect(csvDelimiter('en')).toBe(',');
  });

  it('makes each format once', () => {
    expect(numberFormat('ru', { maximumFractionDigits: 2 })).toBe(
      numberFormat('ru', { maximumFractionDigits: 2 }),
    );
    expect(numberFormat('ru')).not.toBe(numberFormat('en'));
  });
});
