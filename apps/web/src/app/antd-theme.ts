import { theme as antTheme, type ThemeConfig } from 'antd';
import { readableTokens } from './theme';

/**
 * Ant Design's theme for a primary colour: the readable tokens on the default algorithm. The running
 * pages and the build-time styles of the default theme (./static-style) both take it from here, so the
 * two cannot drift apart.
 */
export function antdTheme(primary: string, motion: boolean): ThemeConfig {
  return { token: readableTokens(primary, motion), algorithm: antTheme.defaultAlgorithm };
}
