import { formatDecimal } from '@lms/i18n';

/**
 * An amount in soms with the language's digit grouping ("48 000" in Russian and Kyrgyz,
 * "48,000" in English); the currency word stays in the translated sentence around it.
 */
export function formatAmount(amount: number, language: string): string {
  return formatDecimal(amount, language);
}
