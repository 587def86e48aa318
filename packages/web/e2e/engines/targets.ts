// What a journey points at, as a person finds it on the screen: a control by its role and name, a
// field by its label, a line by its text. A string name or text is matched whole (whitespace
// folded, as a screen reader reads it), a pattern anywhere. `within` narrows to what lies inside
// another target; `nth` picks one of several (from 0).
//
// Playwright's engines find targets with getByRole/getByLabel/getByText; WebDriver's with
// `findTargets` below, run in the page. Both see only what is shown (no `display: none`,
// `visibility: hidden`, `aria-hidden` or `inert` on the way up), except a file input, which is
// often drawn as its label.

/** The roles the journeys use (implicit ones as HTML gives them, or an explicit `role`). */
export type Role =
  | 'alert'
  | 'alertdialog'
  | 'article'
  | 'button'
  | 'checkbox'
  | 'columnheader'
  | 'combobox'
  | 'complementary'
  | 'dialog'
  | 'form'
  | 'heading'
  | 'link'
  | 'list'
  | 'listitem'
  | 'log'
  | 'main'
  | 'menu'
  | 'menuitem'
  | 'menuitemcheckbox'
  | 'menuitemradio'
  | 'navigation'
  | 'radio'
  | 'region'
  | 'rowheader'
  | 'status'
  | 'table'
  | 'textbox';

/** A name or text as the journey writes it; a pattern travels to the page as its source. */
export type Name = string | RegExp;

interface Common {
  within?: Target;
  nth?: number;
}
export type Target =
  | (Common & { role: Role; name?: Name; level?: number })
  | (Common & { label: Name })
  | (Common & { text: Name })
  | (Common & { testId: string });

export const byRole = (role: Role, name?: Name, level?: number): Target => ({ role, name, level });
export const byLabel = (label: Name): Target => ({ label });
export const byText = (text: Name): Target => ({ text });
export const byTestId = (testId: string): Target => ({ testId });
/** `target`, among what lies inside `scope`. */
export const inside = (scope: Target, target: Target): Target => ({ ...target, within: scope });
/** The `index`th (from 0) of what `target` finds. */
export const nth = (target: Target, index: number): Target => ({ ...target, nth: index });

/** A target as the journey's failure message names it. */
export function describe(target: Target): string {
  const what =
    'role' in target
      ? `${target.role}${target.name === undefined ? '' : ` "${String(target.name)}"`}`
      : 'label' in target
        ? `field labelled "${String(target.label)}"`
        : 'text' in target
          ? `text "${String(target.text)}"`
          : `test id "${target.testId}"`;
  const picked = target.nth === undefined ? what : `${what} #${target.nth}`;
  return target.within ? `${picked} inside ${describe(target.within)}` : picked;
}

/** A name made plain for the page: a pattern as its source and flags. */
type PageName = string | { source: string; flags: string };
export type PageTarget = Omit<Common, 'within'> & {
  within?: PageTarget;
  role?: Role;
  name?: PageName;
  level?: number;
  label?: PageName;
  text?: PageName;
  testId?: string;
};

const plainName = (name: Name | undefined): PageName | undefined =>
  name instanceof RegExp ? { source: name.source, flags: name.flags } : name;

export function forPage(target: Target): PageTarget {
  return {
    nth: target.nth,
    within: target.within && forPage(target.within),
    ...('role' in target && {
      role: target.role,
      name: plainName(target.name),
      level: target.level,
    }),
    ...('label' in target && { label: plainName(target.label) }),
    ...('text' in target && { text: plainName(target.text) }),
    ...('testId' in target && { testId: target.testId }),
  };
}

/**
 * Every element `target` finds in the document, in document order: run in the page (it is sent
 * as its source, so it names nothing outside itself). `files` lets a hidden file input be found
 * by its label.
 */
export function findTargets(target: PageTarget, files = false): Element[] {
  const implicit: Record<string, string> = {
    alert: '',
    alertdialog: '',
    article: 'article',
    button:
      'button, input[type=button], input[type=submit], input[type=reset], input[type=image], summary',
    checkbox: 'input[type=checkbox]',
    columnheader: 'th[scope=col], thead th',
    combobox: 'select:not([multiple]):not([size]), input[list]',
    complementary: 'aside',
    dialog: 'dialog',
    form: 'form[aria-label], form[aria-labelledby]',
    heading: 'h1, h2, h3, h4, h5, h6',
    link: 'a[href], area[href]',
    list: 'ul, ol, menu',
    listitem: 'ul > li, ol > li, menu > li',
    log: '',
    main: 'main',
    menu: '',
    menuitem: '',
    menuitemcheckbox: '',
    menuitemradio: '',
    navigation: 'nav',
    radio: 'input[type=radio]',
    region: 'section[aria-label], section[aria-labelledby]',
    rowheader: 'th[scope=row]',
    status: 'output',
    table: 'table',
    textbox:
      'input:not([type]), input[type=text], input[type=email], input[type=tel], input[type=url], input[type=search], input[type=password], textarea',
  };
  const fromContent = new Set([
    'button',
    'checkbox',
    'columnheader',
    'heading',
    'link',
    'listitem',
    'menuitem',
    'menuitemcheckbox',
    'menuitemradio',
    'radio',
    'rowheader',
  ]);
  const fold = (text: string) => text.replace(/\s+/g, ' ').trim();
  const matches = (text: string, name: PageName) =>
    typeof name === 'string'
      ? fold(text) === fold(name)
      : new RegExp(name.source, name.flags).test(fold(text));
  const hidden = (element: Element): boolean => {
    for (let at: Element | null = element; at; at = at.parentElement) {
      if (at.getAttribute('aria-hidden') === 'true' || at.hasAttribute('inert')) return true;
    }
    return !element.checkVisibility({ visibilityProperty: true });
  };
  // The text a person reads in an element (what aria-hidden hides left out, an image's alt in).
  const textIn = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
    if (!(node instanceof Element) || node.getAttribute('aria-hidden') === 'true') return '';
    if (node instanceof HTMLImageElement) return node.alt;
    return [...node.childNodes].map(textIn).join('');
  };
  const labelOf = (element: Element): string => {
    const by = element.getAttribute('aria-labelledby');
    if (by) {
      return by
        .split(/\s+/)
        .map((id) => {
          const labelling = document.getElementById(id);
          return labelling ? textIn(labelling) : '';
        })
        .join(' ');
    }
    const aria = element.getAttribute('aria-label');
    if (aria) return aria;
    const labels = (element as HTMLInputElement).labels;
    if (labels && labels.length > 0) return [...labels].map(textIn).join(' ');
    return '';
  };
  const roleOf = (element: Element): string | null => {
    const explicit = element.getAttribute('role');
    if (explicit) return explicit.split(/\s+/)[0] ?? null;
    for (const [role, selector] of Object.entries(implicit)) {
      if (selector && element.matches(selector)) return role;
    }
    return null;
  };
  const nameOf = (element: Element, role: string): string => {
    const label = labelOf(element);
    if (label) return label;
    if (element instanceof HTMLInputElement && /^(button|submit|reset)$/.test(element.type)) {
      return element.value;
    }
    if (fromContent.has(role)) return textIn(element);
    return element.getAttribute('title') ?? '';
  };

  const scopes =
    target.within === undefined ? [document.documentElement] : findTargets(target.within);
  const found: Element[] = [];
  for (const scope of scopes) {
    for (const element of scope.querySelectorAll('*')) {
      if (found.includes(element)) continue;
      let fits: boolean;
      if (target.role !== undefined) {
        const role = roleOf(element);
        fits =
          role === target.role &&
          (target.name === undefined || matches(nameOf(element, role), target.name)) &&
          (target.level === undefined ||
            Number(element.getAttribute('aria-level') ?? element.tagName.slice(1)) ===
              target.level);
      } else if (target.label !== undefined) {
        fits = matches(labelOf(element), target.label);
      } else if (target.text !== undefined) {
        // the innermost element that reads the text: none of its children reads it whole
        const text = target.text;
        fits =
          matches(textIn(element), text) &&
          ![...element.children].some((child) => matches(textIn(child), text));
      } else {
        fits = element.getAttribute('data-testid') === target.testId;
      }
      const fileInput = files && element instanceof HTMLInputElement && element.type === 'file';
      if (fits && (fileInput || !hidden(element))) found.push(element);
    }
  }
  if (target.nth === undefined) return found;
  const picked = found[target.nth];
  return picked ? [picked] : [];
}
