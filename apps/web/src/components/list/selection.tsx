import { cloneElement, isValidElement } from 'react';
import type { ReactElement, ReactNode } from 'react';

/**
 * The header checkbox of a selectable table with a Chinese name for screen readers (antd names it
 * "Select all"); tables built on `ListPage` or `ResponsiveTable` get it without asking.
 */
export function namedSelectAll(checkbox: ReactNode): ReactNode {
  return isValidElement(checkbox)
    ? cloneElement(checkbox as ReactElement<{ 'aria-label'?: string }>, { 'aria-label': '全选' })
    : checkbox;
}
