// Feature boundaries, checked by `npm run lint` (docs/decisions: the one-way feature graph).
// A feature is a folder under apps/server/src/features or apps/web/src/features. Others use it
// only through its index.ts; features never import each other in a circle; on the server a
// lower layer never imports a higher one; a web feature imports another only if
// webFeatureImports names the pair, and web lib/ and components/ import no feature nor app/.
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));

/**
 * Server layers, lowest first. A feature may import its own layer (no cycles) and lower ones.
 * `holds` says what the layer is for; scripts/generated-docs.mjs writes the README's code map and
 * decision 0014's diagram from this list (`npm run docs`), and `npm run lint` checks they match.
 */
export const serverLayers = {
  kernel: {
    holds:
      "small shared models every record needs: who people are and who may see whom, the decision columns and locked periods of requests, the queue of days to recompute, stored notifications and their delivery (email, push), the reader's language",
    features: [
      'people',
      'period-locks',
      'request-decisions',
      'day-metrics-queue',
      'notification-store',
      'push',
      'email',
      'language',
    ],
  },
  record: {
    holds:
      'what happened and what is planned: punches and their corrections, where they were made, leave, schedules and rosters (shifts, availability, trades), pay settings (holidays, rates, employee numbers)',
    features: ['locations', 'time-tracking', 'time-off', 'schedules', 'rosters', 'pay-settings'],
  },
  workflow: {
    holds:
      'deciding on records: the approvals queue, decisions and period locks; the live attendance snapshot',
    features: ['approvals', 'attendance-snapshot'],
  },
  identity: {
    holds:
      'signing in and managing people: sessions, accounts, teams, single sign-on, two-step verification, the first-run setup',
    features: ['auth', 'users', 'teams', 'sso', 'two-factor', 'setup'],
  },
  pay: {
    holds:
      'what people are paid: the overtime rule sets in force, timesheets and their sign-off, the payroll export',
    features: ['pay-rules', 'timesheets', 'payroll'],
  },
  planning: {
    holds:
      'planning from demand: staffing requirements, workload forecasts, the roster auto-fill solver, coverage',
    features: ['demand'],
  },
  integrations: {
    holds:
      'other systems and devices: API tokens, webhooks, calendar feeds, kiosks, backups, the API reference, directory provisioning (SCIM)',
    features: [
      'api-tokens',
      'webhooks',
      'calendar-feeds',
      'kiosk',
      'backups',
      'api-reference',
      'scim',
    ],
  },
  surface: {
    holds:
      'what managers watch: reports, the break board, the admin dashboard, notification rules, the audit log, live updates',
    features: ['reports', 'break-monitoring', 'admin', 'notifications', 'audit', 'live'],
  },
};

const server = 'apps/server/src/features';
const web = 'apps/web/src/features';
const layerNames = Object.keys(serverLayers);
const any = (names) => `(${names.join('|')})`;

const layerRules = layerNames.slice(0, -1).map((layer, index) => {
  const higher = layerNames.slice(index + 1).flatMap((name) => serverLayers[name].features);
  return {
    name: `server-${layer}-imports-higher-layer`,
    comment: `A ${layer} feature may not import ${layerNames.slice(index + 1).join(' or ')} features.`,
    severity: 'error',
    from: { path: `^${server}/${any(serverLayers[layer].features)}/` },
    to: { path: `^${server}/${any(higher)}/` },
  };
});

const serverFeatures = readdirSync(join(root, server), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const unlayered = serverFeatures.filter(
  (name) => !layerNames.some((l) => serverLayers[l].features.includes(name)),
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

/**
 * The only web feature-to-feature imports (issue #29): a page that shows another feature's piece.
 * App-wide state (session, business today, shared query keys) is in lib/, not in a feature.
 */
const webFeatureImports = {
  // The dashboard is the home screen: it composes the punch cards, the lead-approval link and
  // the sign-out button.
  dashboard: {
    'time-tracking': 'the punch, timer and today cards',
    approvals: 'whether team leads may approve (link to Time Approvals)',
    auth: 'the sign-out button',
  },
  account: {
    'api-tokens': "the account dialog lists the person's own API tokens",
    auth: "Where you're signed in signs this device out as the Logout button does",
  },
  schedules: {
    users: 'shifts are assigned to people from the directory',
    'calendar-feeds': 'my schedule offers its calendar-feed subscription',
  },
  'pay-rules': { users: 'rule sets and agreements apply to people and teams' },
  reports: { users: 'reports are filtered by person and team' },
  'time-tracking': { timesheets: "the attendance history shows the pay period's timesheet" },
  users: { kiosk: "the user list prints a person's kiosk badge" },
  setup: { auth: 'the finished setup signs the new admin in as a sign-in does' },
};
const unknownWebFeatures = Object.entries(webFeatureImports)
  .flatMap(([from, targets]) => [from, ...Object.keys(targets)])
  .filter((name) => !webFeatures.includes(name));
if (unknownWebFeatures.length > 0)
  throw new Error(
    `.dependency-cruiser.mjs: no such web features: ${unknownWebFeatures.join(', ')}`,
  );

const webFeatureRules = webFeatures.map((name) => ({
  name: 'web-feature-imports-feature',
  comment: `${name} imports another web feature; allowed pairs are listed in webFeatureImports.`,
  severity: 'error',
  from: { path: `^${web}/${name}/` },
  to: {
    path: `^${web}/[^/]+/`,
    pathNot: [
      `^${web}/${name}/`,
      ...Object.keys(webFeatureImports[name] ?? {}).map((to) => `^${web}/${to}/`),
    ],
  },
}));

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
    ...webFeatureRules,
    {
      name: 'web-lib-imports-app-or-feature',
      comment: 'lib and components sit below every web feature and app/.',
      severity: 'error',
      from: { path: '^apps/web/src/(lib|components)/' },
      to: { path: '^apps/web/src/(app|features)/' },
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
