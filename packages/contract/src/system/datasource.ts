import { z } from 'zod';

const text = z.string().nullable();

/** A data source (多数据源) of `/sys/dataSource/list` and `queryById`: the password is never sent. */
export const sysDataSourceRow = z.looseObject({
  id: z.string(),
  code: z.string(),
  name: text,
  remark: text,
  dbType: text,
  dbDriver: text,
  dbUrl: text,
  dbName: text,
  dbUsername: text,
  sysOrgCode: text,
  createBy: text,
  createTime: text,
  updateBy: text,
  updateTime: text,
});
