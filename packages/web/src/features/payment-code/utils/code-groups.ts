/** Digits per group: four, as on bank cards, so the code is read out and typed in short pieces. */
export const CODE_GROUP_SIZE = 4;

/**
 * A payment code split into groups for reading (the code itself stays one string: copied, put in
 * the QR image and sent as it came). Only an all-digit code is grouped; anything else is one piece.
 */
export function codeGroups(code: string, size = CODE_GROUP_SIZE): string[] {
  if (!/^\d+$/.test(code)) return [code];
  const groups: string[] = [];
  for (let start = 0; start < code.length; start += size) {
    groups.push(code.slice(start, start + size));
  }
  return groups;
}
