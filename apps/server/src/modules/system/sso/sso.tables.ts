/** 第三方账号: an external identity (`thirdType` + `thirdUserUuid`) that signs in as `sysUserId`. */
export interface SysThirdAccount {
  id: string;
  sysUserId: string;
  /** `oidc`, a third-party login source, `wechat_enterprise` or `dingtalk` */
  thirdType: string;
  /** the provider's stable subject (OIDC `sub`, messenger user id) */
  thirdUserUuid: string;
  thirdUserId: string | null;
  realname: string | null;
  avatar: string | null;
  status: number;
  delFlag: number;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
}

declare module '../../../platform/db/schema.js' {
  interface DB {
    sysThirdAccount: SysThirdAccount;
  }
}
