import type { AuthItem } from '@go/contract';
import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { useAuth } from './useAuth';

interface AuthProps {
  code: string;
  /** `hide` (default, v-has): removed without the permission; `disable`: disabled by a type-2 rule. */
  mode?: 'hide' | 'disable';
  nodeList?: AuthItem[];
  children: ReactNode;
}

/** `<Auth code="user:add"><Button/></Auth>` hides; `mode="disable"` passes `disabled` to its one child. */
export function Auth({ code, mode = 'hide', nodeList, children }: AuthProps) {
  const { has, disabled } = useAuth(nodeList);
  if (mode === 'disable') {
    if (!disabled(code)) return <>{children}</>;
    if (isValidElement(children)) return cloneElement(children as ReactElement<{ disabled?: boolean }>, { disabled: true });
    return <>{children}</>;
  }
  return has(code) ? <>{children}</> : null;
}
