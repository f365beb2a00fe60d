import { PLATFORM_NAME } from '@go/contract';
import { useEffect, type ReactNode } from 'react';
import './registration.css';

/**
 * The frame of the public pages (/registration, /endRegis, /summarize, /mbtiTest): no menu, no login;
 * a narrow column on phones, a centred card on desktops.
 */
export function PublicShell({
  title,
  children,
  wide = false,
}: {
  title: string;
  children: ReactNode;
  wide?: boolean;
}) {
  useEffect(() => {
    document.title = `${PLATFORM_NAME} · ${title}`;
  }, [title]);
  return (
    <div className="reg-shell">
      <header className="reg-header">
        <span className="app-logo-mark reg-logo" aria-hidden>
          集
        </span>
        <span className="reg-brand">华远集团 · 人才招聘</span>
      </header>
      <main className={`reg-main ${wide ? 'reg-main-wide' : ''}`}>
        <h1 className="reg-title">{title}</h1>
        {children}
      </main>
      <footer className="reg-footer">
        Copyright &copy; {new Date().getFullYear()} {PLATFORM_NAME}
      </footer>
    </div>
  );
}
