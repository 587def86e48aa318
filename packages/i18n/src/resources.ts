import ruCommon from './locales/ru/common.json';
import ruSession from './locales/ru/session.json';
import ruShell from './locales/ru/shell.json';
import type ruNews from './locales/ru/news.json';
import type ruProfile from './locales/ru/profile.json';
import type ruPassword from './locales/ru/password.json';
import type ruPaymentCode from './locales/ru/payment-code.json';
import type ruSchedule from './locales/ru/schedule.json';
import type ruApps from './locales/ru/apps.json';
import type ruChat from './locales/ru/chat.json';
import type ruPublication from './locales/ru/publication.json';
import type ruStudyMaterials from './locales/ru/study-materials.json';
import type ruELibrary from './locales/ru/e-library.json';
import type ruJournal from './locales/ru/journal.json';
import type ruDisciplineRegistration from './locales/ru/discipline-registration.json';
import type ruDocumentOrders from './locales/ru/document-orders.json';

/**
 * Russian is the default and fallback, so the namespaces the login page and the shell
 * need at once are bundled in Russian; their Kyrgyz and English copies load on demand.
 */
export const ruResources = { common: ruCommon, session: ruSession, shell: ruShell };

/**
 * Feature namespaces load with their screen, in every language (see locales.ts), so the entry
 * carries none of them. Typed from the Russian JSON (type-only imports bundle nothing).
 */
interface FeatureResources {
  news: typeof ruNews;
  profile: typeof ruProfile;
  password: typeof ruPassword;
  'payment-code': typeof ruPaymentCode;
  schedule: typeof ruSchedule;
  apps: typeof ruApps;
  chat: typeof ruChat;
  /** The publication form and file actions shared by study materials and the e-library. */
  publication: typeof ruPublication;
  'study-materials': typeof ruStudyMaterials;
  'e-library': typeof ruELibrary;
  journal: typeof ruJournal;
  'discipline-registration': typeof ruDisciplineRegistration;
  'document-orders': typeof ruDocumentOrders;
}

export type BundledNamespace = keyof typeof ruResources;
export type FeatureNamespace = keyof FeatureResources;
export type Resources = typeof ruResources & FeatureResources;
export type Namespace = keyof Resources;

/** The bundled namespaces, loaded at start-up. */
export const NAMESPACES = Object.keys(ruResources) as BundledNamespace[];
