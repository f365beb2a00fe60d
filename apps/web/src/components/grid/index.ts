export { EditableGrid, GRID_DEFAULTS, TOO_FAST_TEXT, type EditableGridProps, type GridHandle, type GridPagination, type ToolbarButton } from './EditableGrid';
export * from './gridState';
export * from './statistics';
export * from './types';
export * from './validation';
export { useVxeSocket } from './useVxeSocket';
