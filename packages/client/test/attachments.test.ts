import { describe, expect, it } from 'vitest';
import { buildDownloadUrl, buildNewsDownloadUrl, parseNewsAuthor, parseNewsFiles } from '../src';

describe('news attachments and authors', () => {
  it('splits the ;!; joined file list and drops empty pieces', () => {
    expect(parseNewsFiles('Расписание.pdf;!;Приказ №12.docx;!;')).toEqual([
      'Расписание.pdf',
      'Приказ №12.docx',
    ]);
    expect(parseNewsFiles('')).toEqual([]);
    expect(parseNewsFiles(null)).toEqual([]);
  });

  it('builds the download URL with the file name URL-encoded and type=4', () => {
    expect(buildNewsDownloadUrl(315, 'Приказ №12 & план.docx')).toBe(
      '/lms/api/news/download.file?filename=315_%D0%9F%D1%80%D0%B8%D0%BA%D0%B0%D0%B7%20%E2%84%9612%20%26%20%D0%BF%D0%BB%D0%B0%D0%BD.docx&type=4',
    );
    const url = new URL(buildNewsDownloadUrl(3, 'a?b#c.pdf'), 'http://x');
    expect(url.searchParams.get('filename')).toBe('3_a?b#c.pdf');
    expect(url.searchParams.get('type')).toBe('4');
  });

  it('builds download URLs for the other stored files by type', () => {
    expect(buildDownloadUrl('umk', 12, 'Силлабус.pdf')).toBe(
      `/lms/api/news/download.file?filename=${encodeURIComponent('12_Силлабус.pdf')}&type=1`,
    );
    expect(buildDownloadUrl('library', 5, 'a.pdf')).toMatch(/filename=5_a\.pdf&type=2$/);
    expect(buildDownloadUrl('chat', 9, 'a.pdf')).toMatch(/filename=9_a\.pdf&type=3$/);
  });

  it('parses the short|display author pair', () => {
    expect(parseNewsAuthor('Асанов Б.Э.|Асанов Бакыт Эркинович')).toEqual({
      short: 'Асанов Б.Э.',
      display: 'Асанов Бакыт Эркинович',
    });
    expect(parseNewsAuthor('Деканат')).toEqual({ short: 'Деканат', display: 'Деканат' });
    expect(parseNewsAuthor('|Только полное')).toEqual({
      short: 'Только полное',
      display: 'Только полное',
    });
  });
});
