// The one faker instance of the world. The prebuilt Russian instance is
// `new Faker({ locale: [ru, en, base] })`; importing it rather than the package root loads two
// locales instead of seventy (a faster start). The store seeds it before building each slice.
export { faker } from '@faker-js/faker/locale/ru';
