import type { Resources } from './resources';

// Typed keys: every `t('shell:nav.news')` is checked against the Russian resources.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Resources;
  }
}

export type { Resources };
