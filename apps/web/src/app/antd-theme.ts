import { theme as antTheme, type ThemeConfig } from 'antd';
import { READABLE_SECONDARY, readableTokens } from './theme';

/**
 * Ant Design's theme for a primary colour: the readable tokens on the default algorithm. The running
 * pages and the build-time styles of the default theme (./static-style) both take it from here, so the
 * two cannot drift apart.
 */
export function antdTheme(primary: string, motion: boolean): ThemeConfig {
  return {
    token: readableTokens(primary, motion),
    algorithm: antTheme.defaultAlgorithm,
    // A table's and an empty state's "no data" text is antd's disabled grey (1.8:1): informative text, so
    // it takes the secondary text colour (4.5:1) instead; disabled controls keep their grey.
    components: { Table: { colorTextDisabled: READABLE_SECONDARY }, Empty: { colorTextDisabled: READABLE_SECONDARY } },
  };
}
