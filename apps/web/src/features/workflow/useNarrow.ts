import { Grid } from 'antd';

/** Phones: below the md breakpoint tables drop their fixed columns and lists become cards. */
export function useNarrow(): boolean {
  return Grid.useBreakpoint().md === false;
}
