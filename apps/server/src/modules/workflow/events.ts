/**
 * Workflow events: what happened in a committed engine command, for notices, pushes and audits.
 *
 * Events are collected while a command runs and delivered only after its transaction committed (a
 * command that fails or loses a race delivers nothing). Listeners run in subscription order; a listener
 * that throws or rejects is logged through `onListenerError` and never affects the command or the other
 * listeners. Listeners must not assume they run before the HTTP answer is sent.
 */

/** What every event carries about the instance. */
export interface InstanceRef {
  procInstId: string;
  procDefId: string;
  /** wf_business id */
  businessId: string;
  title: string | null;
  /** applicant's username */
  starter: string;
  /** wire tableName of the form type */
  tableName: string;
}

export interface ActorRef {
  username: string;
  realname: string;
}

export interface TaskRef {
  taskId: string;
  nodeId: string;
  nodeName: string | null;
}

export type WorkflowEvent =
  | (InstanceRef & { type: 'submitted'; actor: ActorRef })
  /** a task was opened; `candidates` are the usernames who may act on it (or its assignee) */
  | (InstanceRef & TaskRef & { type: 'taskCreated'; candidates: string[]; priority: number })
  | (InstanceRef & TaskRef & { type: 'passed'; actor: ActorRef; comment: string | null; variables: Record<string, unknown> })
  /** a rejection: to the initiator (`backTaskKey` null) or back to an earlier node */
  | (InstanceRef & TaskRef & { type: 'rejected'; actor: ActorRef; comment: string | null; backTaskKey: string | null })
  | (InstanceRef & { type: 'finished'; outcome: 'passed' | 'rejected' | 'canceled'; endNodeId: string | null; reason: string | null })
  | (InstanceRef & TaskRef & { type: 'delegated'; actor: ActorRef; to: string; comment: string | null })
  | (InstanceRef & TaskRef & { type: 'transferred'; actor: ActorRef; to: string; comment: string | null })
  | (InstanceRef & { type: 'cc'; actor: ActorRef | null; users: string[]; nodeId: string | null; comment: string | null })
  | (InstanceRef & TaskRef & { type: 'urged'; actor: ActorRef; users: string[]; comment: string | null })
  | (InstanceRef & { type: 'withdrawn'; actor: ActorRef; reason: string | null });

export type WorkflowEventType = WorkflowEvent['type'];
export type EventOf<K extends WorkflowEventType> = Extract<WorkflowEvent, { type: K }>;
export type WorkflowListener<K extends WorkflowEventType> = (event: EventOf<K>) => void | Promise<void>;

type AnyListener = (event: WorkflowEvent) => void | Promise<void>;

export class WorkflowEvents {
  private readonly listeners: { type: WorkflowEventType | '*'; fn: AnyListener }[] = [];
  /** Where listener failures go (the module sets the app logger). */
  onListenerError: (err: unknown, event: WorkflowEvent) => void = () => {};

  /** Subscribes to one event type (or `'*'` for all); returns the unsubscribe function. */
  on<K extends WorkflowEventType>(type: K, fn: WorkflowListener<K>): () => void;
  on(type: '*', fn: AnyListener): () => void;
  on(type: WorkflowEventType | '*', fn: AnyListener | WorkflowListener<WorkflowEventType>): () => void {
    const entry = { type, fn: fn as AnyListener };
    this.listeners.push(entry);
    return () => {
      const i = this.listeners.indexOf(entry);
      if (i >= 0) this.listeners.splice(i, 1);
    };
  }

  /** Delivers committed events in order. */
  emit(events: readonly WorkflowEvent[]): void {
    for (const event of events) {
      for (const l of [...this.listeners]) {
        if (l.type !== '*' && l.type !== event.type) continue;
        try {
          const r = l.fn(event);
          if (r && typeof (r as Promise<void>).catch === 'function') {
            (r as Promise<void>).catch((err: unknown) => this.onListenerError(err, event));
          }
        } catch (err) {
          this.onListenerError(err, event);
        }
      }
    }
  }
}
