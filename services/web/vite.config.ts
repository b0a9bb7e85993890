import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { earlyEntry } from './build/early-entry';
import { modulesFreeOf } from './build/free-of';
import { pureSharedConstants } from './build/pure-shared-constants';
import { preloadModules } from './build/preload-modules';
import { routeChunks } from './build/route-chunk';
import { stylesAfterContent } from './build/styles-after-content';

const sharedSource = fileURLToPath(new URL('../../packages/shared/src/', import.meta.url));
// The entry's modules in one chunk and the dashboard's first-paint modules in another, however many screens
// share some of them; what the signed-out pages (landing, a shared task's page) share with the dashboard is
// a third.
// @daybook/shared and @daybook/nl have no side effects (see build/pure-shared-constants.ts).
const SHARED_SOURCE = /[\\/]packages[\\/](shared|nl)[\\/]src[\\/]/;
const sharedHasNoSideEffects = [{ test: SHARED_SOURCE, sideEffects: false }];
// The first reads' module stays out of the entry's chunk: the early entry imports it too, and must not
// load the app's whole entry to run.
const FIRST_READS = /[\\/]src[\\/]api[\\/]firstNetworkReads\.ts$/;
// Nor does Vite's preload helper: src/boot.ts uses it to start the app, and must not load the app's modules to.
const PRELOAD_HELPER = /vite\/preload-helper/;
const leftOutOfEntry = { test: (id: string) => SHARED_SOURCE.test(id) || FIRST_READS.test(id) || PRELOAD_HELPER.test(id) };
// The dashboard's drag and drop: one chunk (the library, its own dependencies and the app's sortable
// lists), which the dashboard's first render waits for.
const SORTABLE_TASK_LIST = 'src/components/tasks/SortableTaskList.tsx';
const DRAG_AND_DROP = /[\\/](node_modules[\\/](@hello-pangea[\\/]dnd|raf-schd|css-box-model|tiny-invariant)[\\/]|src[\\/]components[\\/](SortableList|tasks[\\/]SortableTaskList)\.tsx$)/;
// @daybook/shared's rules (everything of it that does not load zod) in one chunk: split per combination of
// screens, they made eight chunks of about 1 KB on the dashboard's first load alone.
const sharedRules = modulesFreeOf(/[\\/]packages[\\/]shared[\\/]src[\\/]/, /[\\/]node_modules[\\/]zod[\\/]/);
// The libraries the app's entry loads, each in a chunk of its own, in the order src/boot.ts evaluates them
// (one task each, see there): together with the app's modules they were one task of about 65 ms.
const ENTRY_LIBRARIES = [
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: 'mui', test: /[\\/]node_modules[\\/](@mui|@emotion|stylis|react-is|hoist-non-react-statics|clsx|prop-types|@babel[\\/]runtime|react-transition-group|@popperjs)[\\/]/ },
  { name: 'redux', test: /[\\/]node_modules[\\/](@reduxjs|@standard-schema|immer|reselect|redux|redux-thunk|react-redux|use-sync-external-store)[\\/]/ },
];
const dashboardChunks = routeChunks('src/app/DashboardScreen.tsx', 'src/main.tsx', ['src/features/auth/LandingPage.tsx', 'src/features/shared-task/SharedTaskPage.tsx'], leftOutOfEntry);

export default defineConfig({
  plugins: [
    react(),
    pureSharedConstants(sharedSource),
    dashboardChunks.plugin,
    sharedRules.plugin,
    // The first screen's reads start from a small script of their own, before the app's (issue 18).
    earlyEntry('firstReads', new URL('./src/firstReads.ts', import.meta.url)),
    // The app (src/boot.ts starts it after the first paint) and, as most visits are a signed-in user opening
    // the dashboard, the dashboard's chunks: they download alongside the entry.
    preloadModules(['src/main.tsx', 'src/app/DashboardScreen.tsx', SORTABLE_TASK_LIST]),
    // index.html's loading screen paints before the app's stylesheet has loaded.
    stylesAfterContent(),
    // Installable and offline (DECISIONS 19): the manifest, and src/sw.ts built to /sw.js with the app
    // shell's precache list. main.tsx registers it after the page has loaded.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'autoUpdate',
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      manifest: {
        name: 'Daybook',
        short_name: 'Daybook',
        description: 'Daybook: a self-hosted task manager for professionals who serve clients',
        id: '/',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        theme_color: '#2d5bd0',
        background_color: '#f5f7fb',
        icons: [
          { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // The app shell: every script, style, font and icon (source maps stay out).
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        // The worker's own build takes from @daybook/shared only what it uses (a constant or two), as the
        // app's does, instead of every schema and zod.
        buildPlugins: { vite: [pureSharedConstants(sharedSource)] },
        rollupOptions: { treeshake: { moduleSideEffects: (id: string) => !SHARED_SOURCE.test(id) } },
      },
    }),
  ],
  resolve: {
    // The web compiles @daybook/shared and @daybook/nl from source (no build of those packages needed).
    alias: {
      '@daybook/shared': fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url)),
      '@daybook/nl': fileURLToPath(new URL('../../packages/nl/src/index.ts', import.meta.url)),
    },
  },
  server: {
    // `npm run dev` serves the whole app on :3000; `vite` (hot reload) forwards /api there.
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false, xfwd: true } },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    sourcemap: true,
    // scripts/bundle-size.mjs reads it to report each route's initial JavaScript.
    manifest: true,
    rolldownOptions: {
      // @daybook/shared has no side effects (see build/pure-shared-constants.ts): a screen takes only the
      // modules it uses from its barrel, not every schema of the package.
      treeshake: { moduleSideEffects: sharedHasNoSideEffects },
      experimental: { lazyBarrel: true },
      // zod in a chunk of its own: only the forms that validate with it (sign-in, task dialog) load it.
      output: { codeSplitting: { groups: [
          { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
          { name: 'dnd', test: DRAG_AND_DROP, includeDependenciesRecursively: false },
          { name: 'rules', test: sharedRules.test, includeDependenciesRecursively: false },
          ...ENTRY_LIBRARIES.map(({ name, test }) => ({ name, test: (id: string) => dashboardChunks.entry(id) && test.test(id), includeDependenciesRecursively: false })),
          { name: 'shell', test: dashboardChunks.entry, includeDependenciesRecursively: false },
          { name: 'dashboard', test: dashboardChunks.route, includeDependenciesRecursively: false },
          { name: 'common', test: dashboardChunks.shared, includeDependenciesRecursively: false },
        ],
       } },
    },
  },
});
