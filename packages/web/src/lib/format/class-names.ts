/** Joins the class names that apply: `cx(styles.card, open && styles.open, className)`. */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
