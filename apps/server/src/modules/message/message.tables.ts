import type { Audit } from '../../platform/db/schema.js';

export interface SysSmsTemplate extends Audit {
  id: string;
  templateName: string;
  templateCode: string;
  /** 1 SMS, 2 e-mail, 3 messenger, 4 in-app */
  templateType: string;
  templateContent: string;
  templateTestJson: string | null;
}

/** The outbox: one row per message sent through a channel. */
export interface SysMessage extends Audit {
  id: string;
  esTitle: string | null;
  esType: string | null;
  esReceiver: string | null;
  esParam: string | null;
  esContent: string | null;
  esSendTime: string | null;
  /** 0 pending, 1 sent, 2 failed */
  esSendStatus: string | null;
  esSendNum: number | null;
  esResult: string | null;
  remark: string | null;
}

declare module '../../platform/db/schema.js' {
  interface DB {
    sysSmsTemplate: SysSmsTemplate;
    sysMessage: SysMessage;
  }
}
