import { Trans } from '@lingui/react/macro';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { Role } from '@punchclock/shared/domain/roles';
import { Sidebar } from './sidebar';

/** The sidebar as a drawer at phone width; loaded when it is first opened (app-shell.tsx). */
export function MobileNav({
  role,
  onClose,
  onLogout,
}: {
  role: Role | null;
  onClose: () => void;
  onLogout: () => void;
}) {
  return (
    <DialogPrimitive.Root open onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/50 md:hidden" />
        <DialogPrimitive.Content className="fixed inset-y-0 left-0 z-50 md:hidden">
          <DialogPrimitive.Title className="sr-only">
            <Trans>Navigation</Trans>
          </DialogPrimitive.Title>
          <DialogPrimitive.Description className="sr-only">
            <Trans>Main menu</Trans>
          </DialogPrimitive.Description>
          <Sidebar role={role} isCollapsed={false} onNavigate={onClose} onLogout={onLogout} />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
