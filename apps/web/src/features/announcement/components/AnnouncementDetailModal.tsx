import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Spin, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../app/http/api';
import { fetchAnnouncement, type BellNotice } from '../api';
import { safeHtml } from '../safeHtml';

/** Where 'go handle' leads: absolute URLs open in a new window, paths inside the app. */
export function openNoticePage(openPage: string, navigate: (to: string) => void): void {
  if (/^https?:\/\//i.test(openPage)) window.open(openPage, '_blank', 'noopener');
  else navigate(openPage.startsWith('/') ? openPage : `/${openPage}`);
}

/**
 * The announcement detail modal '通知消息' (docs/realtime-and-jobs.md, 1–3: dialogs): title, the sender's real name, send time
 * and the HTML content (sanitised again here); 关闭, and 去处理 when openType is url (goes to openPage).
 */
export function AnnouncementDetailModal({ notice, onClose }: { notice: BellNotice | null; onClose: () => void }) {
  const navigate = useNavigate();
  const id = notice?.id;
  // The list row lacks the sender's real name and may lack the content: read the full record.
  const detail = useQuery({
    queryKey: ['announcement', 'detail', id],
    enabled: !!id,
    queryFn: async () => {
      try {
        return await fetchAnnouncement(id!);
      } catch (e) {
        if (e instanceof ApiError) return null;
        throw e;
      }
    },
  });
  const r: BellNotice | null = notice ? { ...notice, ...(detail.data ?? {}) } : null;
  const goHandle = r?.openType === 'url' && !!r.openPage;
  return (
    <Modal
      title="通知消息"
      open={!!notice}
      width={800}
      onCancel={onClose}
      destroyOnHidden
      data-testid="announcement-detail"
      footer={[
        <Button key="close" onClick={onClose}>
          关闭
        </Button>,
        goHandle ? (
          <Button
            key="handle"
            type="primary"
            onClick={() => {
              onClose();
              openNoticePage(r!.openPage!, navigate);
            }}
          >
            去处理
          </Button>
        ) : null,
      ]}
    >
      {r && (
        <Spin spinning={detail.isLoading}>
          <Typography.Title level={4} style={{ marginTop: 0 }} data-testid="announcement-detail-title">
            {r.titile}
          </Typography.Title>
          <Typography.Paragraph type="secondary">
            发布人：<span data-testid="announcement-detail-sender">{r.senderRealname ?? r.sender ?? ''}</span>
            <span style={{ marginLeft: 24 }}>发布时间：{r.sendTime ?? r.createTime ?? ''}</span>
          </Typography.Paragraph>
          <div
            className="announcement-content"
            style={{ maxHeight: '60vh', overflow: 'auto', wordBreak: 'break-word' }}
            data-testid="announcement-detail-content"
            dangerouslySetInnerHTML={{ __html: safeHtml(r.msgContent) }}
          />
        </Spin>
      )}
    </Modal>
  );
}
