// Feature boundaries, checked by `npm run lint` (docs/decisions: the one-way feature graph).
// A feature is a folder under apps/server/src/features or apps/web/src/features. Others use it
// only through its index.ts; features never import each other in a circle; on the server a
// lower layer never imports a higher one.
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));

/** Server layers, lowest first. A feature may import its own layer (no cycles) and lower ones. */
const serverLayers = {
  // Small shared models every record needs: who people are and who may see whom, the decision
  // columns and locked periods of requests, the queue of days to recompute, stored notifications.
  kernel: [
    'people',
    'period-locks',
    'request-decisions',
    'day-metrics-queue',
    'notification-store',
    'push',
    'email',
    'language',
  ],
  // What happened: punches and their corrections, leave, schedules.
  record: ['locations', 'time-tracking', 'time-off', 'schedules', 'pay-settings'],
  // Deciding on records: the approvals queue and decisions; the live attendance snapshot; the
  // overtime rule sets in force per person (read by timesheets).
  workflow: ['approvals', 'attendance-snapshot', 'pay-rules'],
  // What people read and manage: reports, monitoring, admin screens, notification rules, auth.
  surface: [
    'reports',
    'break-monitoring',
    'admin',
    'notifications',
    'auth',
    'audit',
    'live',
    'users',
    'teams',
    'timesheets',
    'payroll',
    'backups',
    'kiosk',
    'api-reference',
    'calendar-feeds',
    'api-tokens',
    'webhooks',
    'sso',
  ],
};

const server = 'apps/server/src/features';
const web = 'apps/web/src/features';
const layerNames = Object.keys(serverLayers);
const any = (names) => `(${names.join('|')})`;

const layerRules = layerNames.slice(0, -1).map((layer, index) => {
  const higher = layerNames.slice(index + 1).flatMap((name) => serverLayers[name]);
  return {
    name: `server-${layer}-imports-higher-layer`,
    comment: `A ${layer} feature may not import ${layerNames.slice(index + 1).join(' or ')} features.`,
    severity: 'error',
    from: { path: `^${server}/${any(serverLayers[layer])}/` },
    to: { path: `^${server}/${any(higher)}/` },
  };
});

const serverFeatures = readdirSync(join(root, server), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const unlayered = serverFeatures.filter(
  (name) => !layerNames.some((l) => serverLayers[l].includes(name)),
);
if (unlayered.length > 0)
  throw new Error(
    `.dependency-cruiser.mjs: give these server features a layer: ${unlayered.join(', ')}`,
  );

const webFeatures = readdirSync(join(root, web), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webWithoutIndex = webFeatures.filter(
  (name) => !['index.ts', 'index.tsx'].some((file) => existsSync(join(root, web, name, file))),
);
if (webWithoutIndex.length > 0)
  throw new Error(
    `.dependency-cruiser.mjs: give these web features an index.ts: ${webWithoutIndex.join(', ')}`,
  );

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'feature-cycle',
      comment: 'Features depend one way: no circle of imports between feature folders.',
      severity: 'error',
      scope: 'folder',
      from: { path: `^(${server}|${web})/[^/]+` },
      // Folder-scope rules cannot say `via`; a circle is reported where two feature folders meet.
      to: { path: `^(${server}|${web})/[^/]+`, circular: true },
    },
    {
      name: 'server-feature-internals',
      comment: 'Another feature (or app.ts) imports a server feature only through its index.ts.',
      severity: 'error',
      from: { path: '^apps/server/src/(features/([^/]+)/|[^/]+$)' },
      to: {
        path: `^${server}/[^/]+/`,
        pathNot: [`^${server}/$2/`, `^${server}/[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'web-feature-internals',
      comment: 'Another web feature imports it only through @/features/<name> (its index).',
      severity: 'error',
      from: { path: `^${web}/([^/]+)/` },
      to: {
        path: `^${web}/${any(webFeatures)}/`,
        pathNot: [`^${web}/$1/`, `^${web}/[^/]+/index\\.tsx?$`],
      },
    },
    {
      name: 'web-feature-internals-from-shared',
      comment: 'app, components and lib import a web feature only through @/features/<name>.',
      severity: 'error',
      from: { path: '^apps/web/src/', pathNot: `^${web}/` },
      // The router's lazy(() => import('@/features/x/pages/…')) keeps pages in their own
      // chunks: a lazily loaded page is an entry point, not a reach into internals.
      to: {
        dependencyTypesNot: ['dynamic-import'],
        path: `^${web}/${any(webFeatures)}/`,
        pathNot: `^${web}/[^/]+/index\\.tsx?$`,
      },
    },
    ...layerRules,
    {
      name: 'server-platform-imports-feature',
      comment: 'platform and db sit below every feature.',
      severity: 'error',
      from: { path: '^apps/server/src/(platform|db)/' },
      to: { path: `^${server}/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Tests may reach into what they test, and test helpers build fixtures from any feature.
    exclude: { path: ['\\.test\\.tsx?$', '^apps/server/src/test/'] },
    // tsconfig.depcruise.json gives web's `@/` alias from the root; the server has none. Workspace packages resolve
    // through node_modules (@punchclock/shared).
    tsConfig: { fileName: join(root, 'tsconfig.depcruise.json') },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
  },
};
