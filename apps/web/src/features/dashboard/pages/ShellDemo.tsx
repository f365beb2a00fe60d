import { useQuery } from '@tanstack/react-query';
import { Button, Card, Input, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Auth } from '../../../app/auth';
import { useDictOptions } from '../../../app/dict';
import { api, ApiError } from '../../../app/http/api';

interface Option {
  value: string;
  text: string;
}

/**
 * 示例列表: a kept-alive page with a search box, permission-guarded buttons and two server look-ups on
 * mount (a signed dictionary lookup and the user's departments); used to show keep-alive, button
 * permissions and request signing at work.
 */
export default function ShellDemo() {
  const [text, setText] = useState('');
  const sexCached = useDictOptions('sex');
  const signed = useQuery({
    queryKey: ['demo', 'dict', 'priority'],
    queryFn: async () => {
      try {
        return (await api.system.dictItems({ code: 'priority' })) as Option[];
      } catch (e) {
        if (e instanceof ApiError) return [];
        throw e;
      }
    },
  });
  const departs = useQuery({
    queryKey: ['demo', 'departs'],
    queryFn: async () => {
      try {
        return (await api.system.currentDeparts()).list;
      } catch (e) {
        if (e instanceof ApiError) return [];
        throw e;
      }
    },
  });
  return (
    <Card title="示例列表" data-testid="shell-demo">
      <Space wrap>
        <Input.Search
          placeholder="请输入名称查询"
          value={text}
          onChange={(e) => setText(e.target.value)}
          style={{ width: 240 }}
          data-testid="demo-search"
        />
        <Select placeholder="性别" aria-label="性别" options={sexCached} style={{ width: 120 }} allowClear />
        <Select
          placeholder="优先级"
          aria-label="优先级"
          options={(signed.data ?? []).map((o) => ({ value: o.value, label: o.text }))}
          style={{ width: 120 }}
          allowClear
          data-testid="demo-priority"
        />
        <Auth code="demo:add">
          <Button type="primary" data-testid="demo-add">
            新增
          </Button>
        </Auth>
        <Auth code="demo:export">
          <Button data-testid="demo-export">导出</Button>
        </Auth>
        <Auth code="demo:salary" mode="disable">
          <Button data-testid="demo-salary">查看薪资</Button>
        </Auth>
      </Space>
      <div style={{ marginTop: 16 }} data-testid="demo-departs">
        所属部门：
        {(departs.data ?? []).map((d) => (
          <Tag key={d.orgCode}>{d.departName}</Tag>
        ))}
      </div>
      <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
        本页开启了页面缓存：切换到其他页签再回来，输入的查询内容仍然保留。优先级选项来自需签名的字典接口（{signed.data?.length ?? 0} 项）。
      </Typography.Paragraph>
    </Card>
  );
}
