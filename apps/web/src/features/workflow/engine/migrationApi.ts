import type { WfDefinitionRow, WfMigrationBody, WfMigrationPreview, WfMigrationResult } from '@go/contract';
import { getAction, postAction } from '../../../app/http/client';

/** Permission of 迁移 (preview and migration) on 流程定义 and 流程实例. */
export const MIGRATE_PERM = 'workflow:instance:migrate';

export type MigrationPreview = WfMigrationPreview;
export type MigrationResult = WfMigrationResult;
export type MigrationBody = WfMigrationBody;

/** Moving running instances to another version of their process (docs/workflow.md). */
export const migrationApi = {
  preview: (body: MigrationBody) => postAction<MigrationPreview>('/activiti_process/migration/preview', body),
  execute: (body: MigrationBody) =>
    postAction<MigrationResult[]>('/activiti_process/migration/execute', body),
  definition: (id: string) =>
    getAction<WfDefinitionRow>(`/activiti_process/queryById/${encodeURIComponent(id)}`),
  versions: (key: string) =>
    getAction<WfDefinitionRow[]>(`/activiti_process/versions/${encodeURIComponent(key)}`),
};
