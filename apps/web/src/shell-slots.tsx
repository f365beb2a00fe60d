import type { ShellSlots } from './app/layout/slots';
import { preloadable } from './app/router/preloadable';

/** The feature parts the shell shows, loaded with the layout (never on the sign-in pages). */
export const shellSlots: ShellSlots = {
  NoticeBell: preloadable(() => import('./features/announcement/components/NoticeBell').then((m) => ({ default: m.NoticeBell }))),
  Ticker: preloadable(() => import('./features/announcement/components/NewsTicker').then((m) => ({ default: m.NewsTicker }))),
  PasswordDialog: preloadable(() => import('./features/account/PasswordModal').then((m) => ({ default: m.PasswordModal }))),
  DepartDialog: preloadable(() => import('./features/account/DepartModal').then((m) => ({ default: m.DepartModal }))),
  AvatarDialog: preloadable(() => import('./features/account/AvatarModal').then((m) => ({ default: m.AvatarModal }))),
};

/** The slots the header shows on every signed-in page, fetched while the user signs in. */
export function preloadHeaderSlots(): void {
  for (const c of [shellSlots.NoticeBell, shellSlots.Ticker]) void (c as { preload?: () => Promise<unknown> }).preload?.().catch(() => undefined);
}
