import { YEAR_MAX, YEAR_MIN } from '@go/contract/performance/index';

export const PERF_YEAR_OPTIONS_FROM = YEAR_MIN;
export const PERF_YEAR_OPTIONS_TO = YEAR_MAX;
