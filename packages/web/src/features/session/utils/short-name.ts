/** Surname plus initials: 'Асанов Бакыт Эркинович' → 'Асанов Б.Э.'. */
export function toShortName(fullName: string): string {
  const [surname, ...rest] = fullName.trim().split(/\s+/).filter(Boolean);
  if (!surname) return '';
  const initials = rest.map((part) => `${part[0]?.toUpperCase() ?? ''}.`).join('');
  return initials ? `${surname} ${initials}` : surname;
}
