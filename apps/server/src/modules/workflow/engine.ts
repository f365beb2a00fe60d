/**
 * The approval engine as the rest of the server sees it: `WorkflowEngine` and the names other modules import
 * (texts, the actor, definition metadata, the node cache, batch fault injection, error texts). The engine's
 * behaviour lives in rooms, each a layer of one class chain (see docs/workflow.md, "Engine layout"): core →
 * history → assignment → routing → tasks → calls → timers → forms → start → completion → task actions. This
 * file owns no behaviour of its own.
 */
import { EngineTaskActions } from './engine-task-actions.js';

export { forgetNodeCache } from './engine-assignment.js';
export {
  WF_TEXT,
  URGE_MINUTES,
  workflowFaults,
  errorText,
  type Actor,
  type DefMeta,
  type ApplyInput,
  type PassInput,
  type BackToTaskInput,
  type BatchItem,
  type ItemLog,
} from './engine-shared.js';

/**
 * The approval engine: every command is one transaction that claims the instance with an optimistic
 * version check (`UPDATE wf_instance SET version = v + 1 WHERE id = ? AND version = v`), so two app
 * instances acting on the same task cannot both succeed and no task is created twice.
 */
export class WorkflowEngine extends EngineTaskActions {}
