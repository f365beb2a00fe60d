import { useLocation } from 'react-router';
import { ReportView } from '../components/ReportView';

/** 在线报表 page: the menu URL `/online/cgreport/<report id>` names the report. */
export default function ReportPage() {
  const { pathname } = useLocation();
  const id = decodeURIComponent(pathname.split('/').filter(Boolean).pop() ?? '');
  return <ReportView key={id} report={id} />;
}
