/**
 * Stable error codes. A service throws `new AppError('USER_NOT_FOUND')`; the table below gives the HTTP
 * status, the envelope code and the Chinese text. A message may be overridden where the text is dynamic.
 */
export const ERRORS = {
  BAD_REQUEST: { http: 400, code: 400, message: '请求参数不正确' },
  MALFORMED_JSON: { http: 400, code: 400, message: '请求体不是合法的JSON' },
  PAYLOAD_TOO_LARGE: { http: 413, code: 413, message: '请求体过大' },
  NOT_FOUND: { http: 404, code: 404, message: '很抱歉，资源未找到!' },
  METHOD_NOT_ALLOWED: { http: 405, code: 405, message: '请求方法不支持' },
  TOKEN_INVALID: { http: 401, code: 401, message: 'Token失效，请重新登录!' },
  ACCOUNT_LOCKED: { http: 401, code: 401, message: '账号已被锁定,请联系管理员!' },
  TENANT_CHANGED: { http: 401, code: 401, message: '用户租户信息变更,请重新登陆!' },
  NO_PERMISSION: { http: 403, code: 510, message: '没有权限，请联系管理员授权' },
  SIGN_FAILED: { http: 200, code: 500, message: 'Sign签名校验失败！' },
  SIGN_TIMESTAMP_FORMAT: { http: 200, code: 500, message: '签名验证失败:X-TIMESTAMP格式必须为:yyyyMMddHHmmss' },
  SIGN_EXPIRED: { http: 200, code: 500, message: '签名验证失败:X-TIMESTAMP已过期' },
  ENVELOPE_INVALID: { http: 400, code: 400, message: '请求报文解密失败' },
  ENVELOPE_REQUIRED: { http: 400, code: 400, message: '请求报文必须加密' },
  TOO_MANY_ATTEMPTS: { http: 429, code: 429, message: '登录失败次数过多，请稍后再试' },
  CAPTCHA_MISSING: { http: 200, code: 500, message: '验证码无效' },
  CAPTCHA_WRONG: { http: 200, code: 500, message: '验证码错误' },
  USER_NOT_EXIST: { http: 200, code: 500, message: '该用户不存在，请注册' },
  USER_DELETED: { http: 200, code: 500, message: '该用户已注销' },
  USER_FROZEN: { http: 200, code: 500, message: '该用户已冻结' },
  WRONG_PASSWORD: { http: 200, code: 500, message: '用户名或密码错误' },
  TENANTS_FROZEN: { http: 200, code: 500, message: '与该用户关联的租户均已被冻结，无法登录！' },
  LOGOUT_NO_TOKEN: { http: 200, code: 500, message: '退出登录失败！' },
  LOGOUT_BAD_TOKEN: { http: 200, code: 500, message: 'Token无效!' },
  EMPTY_MENU: { http: 200, code: 500, message: '未分配菜单权限，请联系管理员' },
  BUSINESS: { http: 200, code: 500, message: '操作失败' },
  DUPLICATE: { http: 200, code: 500, message: '数据库中已存在该记录' },
  INTERNAL: { http: 500, code: 500, message: '系统繁忙，请稍后再试' },
} as const satisfies Record<string, { http: number; code: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

export class AppError extends Error {
  readonly errorCode: ErrorCode;
  readonly http: number;
  readonly code: number;
  readonly result: unknown;

  constructor(errorCode: ErrorCode, message?: string, result: unknown = null) {
    const def = ERRORS[errorCode];
    super(message ?? def.message);
    this.errorCode = errorCode;
    this.http = def.http;
    this.code = def.code;
    this.result = result;
  }
}

/** A business failure with a text to show (docs/contract.md, "Error texts") (answered as HTTP 200, envelope code 500). */
export function businessError(message: string, result: unknown = null): AppError {
  return new AppError('BUSINESS', message, result);
}
