import { useQuery } from '@tanstack/react-query';
import { DotLoading, ErrorBlock } from 'antd-mobile';
import { useParams } from 'react-router';
import { ApiError } from '../../app/http/api';
import { fetchAnnouncement, markNoticeRead } from '../../features/announcement/api';
import { safeHtml } from '../../features/announcement/safeHtml';
import { H5Page } from '../components/H5Page';

/** One notice: title, sender, time and its (sanitised) content; opening it marks it read. */
export default function H5NoticeDetail() {
  const { id = '' } = useParams();
  const q = useQuery({
    queryKey: ['h5Notice', id],
    queryFn: async () => {
      let notice;
      try {
        notice = await fetchAnnouncement(id);
      } catch (e) {
        throw e instanceof ApiError ? new Error(e.envelope?.message || '通知不存在') : e;
      }
      if (!notice) throw new Error('通知不存在');
      void markNoticeRead(id).catch(() => undefined);
      return notice;
    },
  });
  return (
    <H5Page title="通知详情" back="/h5/notices" testId="h5-notice-detail">
      {q.isLoading && <DotLoading color="primary" />}
      {q.error && <ErrorBlock status="empty" title={(q.error as Error).message} description="" />}
      {q.data && (
        <article className="h5-card h5-article">
          <h2 className="h5-article-title">{q.data.titile}</h2>
          <div className="h5-muted">
            {q.data.senderRealname || q.data.sender} · {q.data.sendTime ?? q.data.createTime}
          </div>
          <div className="h5-rich" dangerouslySetInnerHTML={{ __html: safeHtml(q.data.msgContent) }} />
        </article>
      )}
    </H5Page>
  );
}
