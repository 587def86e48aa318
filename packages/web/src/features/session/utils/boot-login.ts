import type { LoginValues } from './validate-login';

/*
 * The boot screen's login form: index.html's own markup, shown at the first paint when there is
 * no session (its boot script decides, before the scripts arrive), so the fields take typing
 * while the portal's code is still on its way. Its fields have no names, so a submission before
 * the scripts sends nothing anywhere; the boot script remembers a press of 'Войти' instead
 * (`data-sent` on the form). The login page takes it over in the commit that shows it
 * (`takeBootLogin`), and any other first page drops it (`dropBootLogin`).
 */

/** The element index.html's boot screen form sits in, and its form and fields. */
const CONTAINER_ID = 'boot-login';
const FORM_ID = 'boot-login-form';
const FIELD_IDS: Record<keyof LoginValues, string> = {
  login: 'boot-login-name',
  password: 'boot-password',
};

/** Which field had the focus, and where its caret or selection was. */
export interface BootFocus {
  field: keyof LoginValues;
  selectionStart: number | null;
  selectionEnd: number | null;
  selectionDirection: 'forward' | 'backward' | 'none' | null;
}

/** What the boot screen's form held when the login page took it over. */
export interface BootLogin {
  values: LoginValues;
  /** The field the person was in (null: neither). */
  focus: BootFocus | null;
  /** The password shown as text (its toggle pressed). */
  passwordVisible: boolean;
  /** 'Войти' was pressed before the scripts arrived: the login page signs in with these values. */
  sent: boolean;
}

const field = (name: keyof LoginValues) => {
  const element = document.getElementById(FIELD_IDS[name]);
  return element instanceof HTMLInputElement ? element : null;
};

function focusOf(login: HTMLInputElement, password: HTMLInputElement): BootFocus | null {
  const active = document.activeElement;
  const name = active === login ? 'login' : active === password ? 'password' : null;
  if (!name) return null;
  const input = name === 'login' ? login : password;
  return {
    field: name,
    selectionStart: input.selectionStart,
    selectionEnd: input.selectionEnd,
    selectionDirection: input.selectionDirection,
  };
}

/**
 * Takes what the boot screen's form holds (the values, the focus and caret, the password toggle,
 * a press of 'Войти') and removes the form from the page, emptying its password field first, so
 * the password stays only in the login page's field. Null when there is no boot form (already
 * taken, or the page started with the loading ring).
 */
export function takeBootLogin(): BootLogin | null {
  if (typeof document === 'undefined') return null;
  const container = document.getElementById(CONTAINER_ID);
  const login = field('login');
  const password = field('password');
  if (!container || !login || !password) {
    container?.remove();
    return null;
  }
  const taken: BootLogin = {
    values: { login: login.value, password: password.value },
    focus: focusOf(login, password),
    passwordVisible: password.type === 'text',
    sent: document.getElementById(FORM_ID)?.hasAttribute('data-sent') ?? false,
  };
  password.value = '';
  container.remove();
  return taken;
}

/** Removes the boot screen's form where the first page shown is not the login page. */
export function dropBootLogin(): void {
  if (typeof document === 'undefined') return;
  const password = field('password');
  if (password) password.value = '';
  document.getElementById(CONTAINER_ID)?.remove();
}

/** Whether the page opened on the boot screen's login form (no session: see index.html). */
export function bootedOnLogin(): boolean {
  return typeof document !== 'undefined' && document.documentElement.dataset.boot === 'login';
}
