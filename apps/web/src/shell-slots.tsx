import { lazy } from 'react';
import type { ShellSlots } from './app/layout/slots';

/** The feature parts the shell shows, loaded with the layout (never on the sign-in pages). */
export const shellSlots: ShellSlots = {
  NoticeBell: lazy(() => import('./features/announcement/components/NoticeBell').then((m) => ({ default: m.NoticeBell }))),
  Ticker: lazy(() => import('./features/announcement/components/NewsTicker').then((m) => ({ default: m.NewsTicker }))),
  PasswordDialog: lazy(() => import('./features/account/PasswordModal').then((m) => ({ default: m.PasswordModal }))),
  DepartDialog: lazy(() => import('./features/account/DepartModal').then((m) => ({ default: m.DepartModal }))),
  AvatarDialog: lazy(() => import('./features/account/AvatarModal').then((m) => ({ default: m.AvatarModal }))),
};
