/** Section 9: attachment names show at most 20 characters, then an ellipsis. */
export const FILE_NAME_DISPLAY_CAP = 20;

/** Cuts by characters as people see them (code points), so a name never ends in half a letter. */
export function truncateFileName(name: string, cap: number = FILE_NAME_DISPLAY_CAP): string {
  const characters = Array.from(name);
  return characters.length > cap ? `${characters.slice(0, cap).join('')}…` : name;
}
