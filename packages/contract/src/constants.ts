/** Business constants (docs/contract.md, "Limits and constants") and the client-facing texts of HTTP failures (docs/contract.md, "Error texts"). */
export const PLATFORM_NAME = '集团办公与人事后台';
export const CHUNK_LOAD_TIMEOUT_MS = 120000;
export const DICT_CACHE_TTL_MS = 604800000;
export const DEFAULT_TENANT_ID = '0';
export const SIDEBAR_WIDTH = 200;
export const SIDEBAR_COLLAPSED_WIDTH = 80;
/** Phones and tablets up to this width get the drawer menu and single-page mode. */
export const MOBILE_MAX_WIDTH = 1087.99;
export const SESSION_EXPIRED_RELOAD_MS = 1500;
export const TODO_BADGE_QUERY = { pageIndex: 0, pageSize: 200 } as const;
export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_OPTIONS = ['10', '20', '30'];
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const TIME_FORMAT = 'HH:mm:ss';
export const AVATAR_MAX_BYTES = 1024 * 1024;
export const IMAGE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const AVATAR_UPLOAD_BIZ = 'oa/avatar';
export const ORG_GROUP_CODE = 'A01';

/** Theme defaults and the 8 preset colours of the settings drawer (docs/contract.md, "Limits and constants"). */
export const THEME_COLORS = [
  { key: '薄暮', color: '#F5222D' },
  { key: '火山', color: '#FA541C' },
  { key: '日暮', color: '#FAAD14' },
  { key: '明青', color: '#13C2C2' },
  { key: '极光绿', color: '#52C41A' },
  { key: '拂晓蓝（默认）', color: '#1890FF' },
  { key: '极客蓝', color: '#2F54EB' },
  { key: '酱紫', color: '#722ED1' },
] as const;
export const DEFAULT_SETTINGS = {
  navTheme: 'light' as 'dark' | 'light',
  primaryColor: '#1890FF',
  layout: 'sidemenu' as 'sidemenu' | 'topmenu',
  contentWidth: 'Fixed' as 'Fixed' | 'Fluid',
  fixedHeader: false,
  autoHideHeader: false,
  fixSiderbar: false,
  colorWeak: false,
  multipage: true,
};

/** Greeting by hour (docs/contract.md, "Limits and constants"): before 9 早上好, through 11 上午好, through 13 中午好, before 20 下午好, else 晚上好. */
export function greetingByHour(hour: number): string {
  if (hour < 9) return '早上好';
  if (hour <= 11) return '上午好';
  if (hour <= 13) return '中午好';
  if (hour < 20) return '下午好';
  return '晚上好';
}

/** Texts the client shows word for word (docs/contract.md, "Error texts"). */
export const ERROR_TEXTS = {
  systemTip: '系统提示',
  forbidden: '拒绝访问',
  notFound: '很抱歉，资源未找到!',
  timeout: '网络超时',
  sessionExpired: '很抱歉，登录已过期，请重新登录',
  expiredModalTitle: '登录已过期',
  expiredModalOk: '重新登录',
  expiredInApp: '登录已过期，正在重新登陆',
  tokenInvalidMarker: 'Token失效',
  importPartial: '导入成功,但是有错误数据!',
  uploadFailed: '文件上传失败',
  uploadUnknown: '上传失败, 未知错误',
  uploadErrorTitle: '上传出错',
  downloadFailed: '下载失败',
  downloadEmpty: '文件下载失败',
  cacheCleared: '刷新缓存完成！',
  cacheClearFailed: '刷新缓存失败！',
  noDepart: '您尚未设置部门信息!',
  subTableOpenFailed: '打开子表失败',
  noLoggedInUser: '当前系统无登录用户!',
  unknownFile: '未知的文件',
  success: '操作成功',
  savedQuery: '保存成功',
  lastTab: '这是最后一页，不能再关闭了啦',
  homeTab: '首页不能关闭!',
  logoutConfirm: '真的要注销登录吗 ?',
  avatarType: '上传头像图片只能是 JPG 格式!',
  avatarSize: '上传头像图片大小不能超过 1MB!',
  fastClick: '你点击的太快了，请慢点点击!',
} as const;
