import {
  Activity,
  ArrowLeftRight,
  Banknote,
  BarChart3,
  CalendarCheck,
  CalendarClock,
  CalendarDays,
  CalendarRange,
  ClipboardCheck,
  Clock,
  Coffee,
  FileClock,
  FileSignature,
  LayoutDashboard,
  LayoutGrid,
  type LucideIcon,
  Palmtree,
  Scale,
  ScrollText,
  ShieldCheck,
  TrendingUp,
  Users,
} from 'lucide-react';
import type { SidebarPath } from '@punchclock/shared/domain/navigation';

/**
 * The sidebar's icons, one per screen that is in any sidebar. Screens reached only from the
 * Admin screen have theirs there (features/admin), so the first page does not load them (#16).
 */
export const NAVIGATION_ICONS: Record<SidebarPath, LucideIcon> = {
  '/dashboard': LayoutDashboard,
  '/sme': ShieldCheck,
  '/attendance-history': Clock,
  '/schedules': CalendarDays,
  '/time-off': Palmtree,
  '/availability': CalendarRange,
  '/open-shifts': ArrowLeftRight,
  '/roster': LayoutGrid,
  '/demand': TrendingUp,
  '/time-approvals': ClipboardCheck,
  '/timesheets': FileSignature,
  '/users': Users,
  '/schedule-management': CalendarClock,
  '/schedule-assignment': CalendarCheck,
  '/reports': Activity,
  '/worked-hours': FileClock,
  '/analytics': BarChart3,
  '/audit-logs': ScrollText,
  '/pay-rules': Scale,
  '/break-monitoring': Coffee,
  '/payroll': Banknote,
};
