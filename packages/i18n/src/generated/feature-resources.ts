// Generated from src/locales/ru by scripts/generate-namespaces.mjs: do not edit; after adding,
// renaming or removing a Russian locale file run `pnpm generate`.

import type ruApps from '../locales/ru/apps.json';
import type ruChat from '../locales/ru/chat.json';
import type ruDisciplineRegistration from '../locales/ru/discipline-registration.json';
import type ruDocumentOrders from '../locales/ru/document-orders.json';
import type ruELibrary from '../locales/ru/e-library.json';
import type ruJournal from '../locales/ru/journal.json';
import type ruNews from '../locales/ru/news.json';
import type ruPassword from '../locales/ru/password.json';
import type ruPaymentCode from '../locales/ru/payment-code.json';
import type ruProfile from '../locales/ru/profile.json';
import type ruPublication from '../locales/ru/publication.json';
import type ruSchedule from '../locales/ru/schedule.json';
import type ruStudyMaterials from '../locales/ru/study-materials.json';

/**
 * Feature namespaces load with their screen, in every language (see src/locales.ts), so the
 * entry carries none of them. Typed from the Russian JSON (type-only imports bundle nothing).
 */
export interface FeatureResources {
  apps: typeof ruApps;
  chat: typeof ruChat;
  'discipline-registration': typeof ruDisciplineRegistration;
  'document-orders': typeof ruDocumentOrders;
  'e-library': typeof ruELibrary;
  journal: typeof ruJournal;
  news: typeof ruNews;
  password: typeof ruPassword;
  'payment-code': typeof ruPaymentCode;
  profile: typeof ruProfile;
  publication: typeof ruPublication;
  schedule: typeof ruSchedule;
  'study-materials': typeof ruStudyMaterials;
}
