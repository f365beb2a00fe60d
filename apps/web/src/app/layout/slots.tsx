import { createContext, useContext, type ComponentType } from 'react';

/** A department the signed-in user belongs to (切换部门). */
export interface ShellDepart {
  id: string;
  orgCode: string;
  departName: string;
}

/**
 * What the shell shows but does not own: the header's notice bell and ticker and the account dialogs of
 * the avatar menu. Features provide them at the composition root (src/shell-slots.tsx); the shell imports
 * no feature.
 */
export interface ShellSlots {
  NoticeBell: ComponentType;
  Ticker: ComponentType<{ compact?: boolean }>;
  PasswordDialog: ComponentType<{ open: boolean; onClose: () => void }>;
  DepartDialog: ComponentType<{ open: boolean; departs: ShellDepart[]; currentOrgCode?: string | null; onClose: () => void }>;
  AvatarDialog: ComponentType<{ open: boolean; onClose: () => void }>;
}

const nothing = () => null;
const ShellSlotsContext = createContext<ShellSlots>({
  NoticeBell: nothing,
  Ticker: nothing,
  PasswordDialog: nothing,
  DepartDialog: nothing,
  AvatarDialog: nothing,
});

export const ShellSlotsProvider = ShellSlotsContext.Provider;
export const useShellSlots = (): ShellSlots => useContext(ShellSlotsContext);
