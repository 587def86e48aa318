import { defineConfig, minimal2023Preset } from '@vite-pwa/assets-generator/config';

// `pnpm --filter @lms/web icons` draws the app icons from the favicon (committed in public/, so a
// build needs no image tools): 64, 192 and 512 px, a maskable 512 px and the apple-touch icon.
export default defineConfig({
  headLinkOptions: { preset: '2023' },
  preset: {
    ...minimal2023Preset,
    maskable: { ...minimal2023Preset.maskable, resizeOptions: { background: '#1565c0' } },
    apple: { ...minimal2023Preset.apple, resizeOptions: { background: '#1565c0' } },
  },
  images: ['public/favicon.svg'],
});
