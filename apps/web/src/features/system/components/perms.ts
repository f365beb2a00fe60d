import type { ListAuth } from '../../../components/list/ListPage';

/** Button codes of a system screen (server seed: `system:<entity>:<action>`). */
export function listAuth(entity: string): ListAuth {
  const p = `system:${entity}`;
  return {
    add: `${p}:add`,
    edit: `${p}:edit`,
    delete: `${p}:delete`,
    deleteBatch: `${p}:delete`,
    export: `${p}:export`,
    import: `${p}:import`,
  };
}
