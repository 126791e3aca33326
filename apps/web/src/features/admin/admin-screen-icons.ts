import {
  DatabaseBackup,
  KeyRound,
  LogIn,
  MapPin,
  MonitorSmartphone,
  Settings2,
  ShieldCheck,
  Timer,
  Webhook,
  type LucideIcon,
} from 'lucide-react';
import type { ScreenPath, SidebarPath } from '@punchclock/shared/domain/navigation';
import { NAVIGATION_ICONS } from '@/components/navigation-icons';

/** Icons of the screens reached only from the Admin screen (loaded with it, not the first page). */
const ADMIN_ONLY_ICONS: Record<Exclude<ScreenPath, SidebarPath>, LucideIcon> = {
  '/admin': ShieldCheck,
  '/calculate-adherence': Timer,
  '/time-off-settings': Settings2,
  '/backups': DatabaseBackup,
  '/kiosk-devices': MonitorSmartphone,
  '/punch-locations': MapPin,
  '/api-tokens': KeyRound,
  '/webhooks': Webhook,
  '/single-sign-on': LogIn,
};

export const SCREEN_ICONS: Record<ScreenPath, LucideIcon> = {
  ...NAVIGATION_ICONS,
  ...ADMIN_ONLY_ICONS,
};
