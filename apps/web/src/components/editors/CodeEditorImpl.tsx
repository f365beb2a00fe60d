import type { Extension } from '@codemirror/state';
import CodeMirror from '@uiw/react-codemirror';
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { CODE_EDITOR_HEIGHT, CODE_LANGUAGES, CODE_TAB_SIZE, type CodeEditorProps, type CodeLanguage } from './CodeEditor';
import './editors.css';

const LOADERS: Record<CodeLanguage, () => Promise<Extension>> = {
  javascript: () => import('@codemirror/lang-javascript').then((m) => m.javascript()),
  typescript: () => import('@codemirror/lang-javascript').then((m) => m.javascript({ typescript: true })),
  html: () => import('@codemirror/lang-html').then((m) => m.html()),
  css: () => import('@codemirror/lang-css').then((m) => m.css()),
  json: () => import('@codemirror/lang-json').then((m) => m.json()),
  xml: () => import('@codemirror/lang-xml').then((m) => m.xml()),
  sql: () => import('@codemirror/lang-sql').then((m) => m.sql()),
  java: () => import('@codemirror/lang-java').then((m) => m.java()),
  python: () => import('@codemirror/lang-python').then((m) => m.python()),
  php: () => import('@codemirror/lang-php').then((m) => m.php()),
  markdown: () => import('@codemirror/lang-markdown').then((m) => m.markdown()),
  yaml: () => import('@codemirror/lang-yaml').then((m) => m.yaml()),
};

export default function CodeEditorImpl(props: CodeEditorProps) {
  const { value = '', onChange, disabled, height = CODE_EDITOR_HEIGHT, languageSelect } = props;
  const [lang, setLang] = useState<CodeLanguage>(props.language ?? 'javascript');
  const [ext, setExt] = useState<Extension | null>(null);

  useEffect(() => {
    if (props.language) setLang(props.language);
  }, [props.language]);

  useEffect(() => {
    let live = true;
    LOADERS[lang]().then(
      (e) => live && setExt(e),
      () => live && setExt(null),
    );
    return () => {
      live = false;
    };
  }, [lang]);

  return (
    <div className="go-code-editor" data-testid={props['data-testid']}>
      {languageSelect && (
        <div className="go-code-editor-bar">
          <Select
            size="small"
            style={{ width: 140 }}
            value={lang}
            onChange={(l: CodeLanguage) => {
              setLang(l);
              props.onLanguageChange?.(l);
            }}
            options={CODE_LANGUAGES.map((l) => ({ value: l, label: l }))}
            aria-label="语言"
          />
        </div>
      )}
      <CodeMirror
        value={value}
        height={`${height}px`}
        editable={!disabled}
        readOnly={disabled}
        basicSetup={{ tabSize: CODE_TAB_SIZE }}
        indentWithTab
        extensions={ext ? [ext] : []}
        onChange={(v) => onChange?.(v)}
      />
    </div>
  );
}
