import { DEFAULT_UPLOAD_BIZ, PDF_PREVIEW_PATH, UPLOAD_TEXTS, fileExtension } from '@go/contract/upload';
import type { UploadProps } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { runtimeConfig, staticUrl, withFileToken } from '../../app/config';
import { feedback } from '../../app/feedback';
import { uploadAction } from '../../app/http/client';
import { displayFileName, keepLast, listToValue, precheck, uploadKindFor, valueToList, type UploadItem } from './uploadCore';

export interface UploadListOptions {
  value?: string | null;
  onChange?: (value: string) => void;
  /** folder on the server (default /oa) */
  biz?: string;
  kind: 'file' | 'image';
  /** keep only the last N files (0 = no limit) */
  number?: number;
  /** upload endpoint relative to the API base */
  action?: string;
}

/**
 * Shared state of the file and image uploads: the list, the upload request, the product's checks and texts,
 * and emitting only finished files once nothing is uploading.
 */
export function useUploadList(opts: UploadListOptions) {
  const { value, onChange, biz = DEFAULT_UPLOAD_BIZ, kind, number = 0, action = '/sys/minio/uploadFile' } = opts;
  const [list, setList] = useState<UploadItem[]>(() => valueToList(value));
  const emitted = useRef<string | null>(value ?? '');
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  // A value set from outside (not one this widget emitted) rebuilds the list.
  useEffect(() => {
    const v = value ?? '';
    if (v === emitted.current) return;
    emitted.current = v;
    setList(valueToList(v));
  }, [value]);

  const listRef = useRef(list);
  listRef.current = list;
  const commit = useCallback((next: UploadItem[]) => {
    // Several files chosen at once arrive one beforeUpload call each before React renders again:
    // the ref must already hold the previous file, or it would be dropped.
    listRef.current = next;
    setList(next);
    const v = listToValue(next);
    if (v !== null && v !== emitted.current) {
      emitted.current = v;
      onChangeRef.current?.(v);
    }
  }, []);

  const update = useCallback(
    (uid: string, patch: Partial<UploadItem>) => {
      commit(listRef.current.map((f) => (f.uid === uid ? { ...f, ...patch } : f)));
    },
    [commit],
  );

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const problem = precheck(uploadKindFor(kind, biz), file);
    if (problem) {
      feedback.message.warning(problem);
      return false;
    }
    const item: UploadItem = {
      uid: file.uid,
      name: displayFileName(file.name),
      fullName: file.name,
      status: 'uploading',
      percent: 0,
      size: file.size,
      type: file.type,
    };
    const next = keepLast([...listRef.current, item], number);
    commit(next);
    const form = new FormData();
    form.append('biz', biz);
    if (kind === 'image') form.append('kind', 'image');
    form.append('file', file);
    uploadAction<{ fileUrl: string; fileName: string }>(action, form, (percent) => update(file.uid, { percent }))
      .then((res) => {
        if (res.success) {
          update(file.uid, { status: 'done', percent: 100, path: res.message, url: staticUrl(res.message) });
        } else {
          const text = res.message || UPLOAD_TEXTS.unknownError;
          update(file.uid, { status: 'error', response: text });
          feedback.modal.error({ title: UPLOAD_TEXTS.errorTitle, content: `错误信息：${text}` });
        }
      })
      .catch((err: unknown) => {
        const text = (err instanceof Error && err.message) || UPLOAD_TEXTS.unknownError;
        update(file.uid, { status: 'error', response: text });
        feedback.message.error(`${file.name} 上传失败.`);
      });
    // The request is ours; antd must not send its own.
    return false;
  };

  const remove = useCallback(
    (uid: string) => {
      commit(listRef.current.filter((f) => f.uid !== uid));
    },
    [commit],
  );

  const preview = useCallback(
    (file: UploadItem) => {
      if (!file.path) {
        feedback.message.warning(UPLOAD_TEXTS.unknownFile);
        return;
      }
      const url = staticUrl(file.path);
      if (fileExtension(file.path) === 'pdf') {
        const base = runtimeConfig().baseURL;
        // The preview page of a private pdf needs the session; it embeds a short signed link to the file.
        window.open(withFileToken(`${base}${PDF_PREVIEW_PATH}?url=${encodeURIComponent(file.path)}`, file.path), '_blank', 'noopener');
        return;
      }
      window.open(url, '_blank', 'noopener');
    },
    [],
  );

  return { list, setList: commit, beforeUpload, remove, preview };
}
