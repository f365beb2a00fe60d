import { checkUpload, shortFileName } from '@go/contract/upload';
import { describe, expect, it } from 'vitest';
import {
  displayFileName,
  keepLast,
  listToValue,
  moveItem,
  nameOfPath,
  originalNameOfPath,
  uploadKindFor,
  valueToList,
  type UploadItem,
} from './uploadCore';

describe('upload helpers', () => {
  it('shows an existing value as done files under their original names (the storage suffix removed)', () => {
    const list = valueToList('oa/a/年度预算报告_17.pdf,oa/b/x.png,oa/c/行程单_1732012345678a1b2c3.pdf');
    expect(list.map((f) => [f.status, f.fullName, f.name])).toEqual([
      ['done', '年度预算报告_17.pdf', '年度预算报告_17.pdf'],
      ['done', 'x.png', 'x.png'],
      ['done', '行程单.pdf', '行程单.pdf'],
    ]);
    expect(nameOfPath('oa/%E5%90%88%E5%90%8C.pdf')).toBe('合同.pdf');
    expect(originalNameOfPath('oa/%E5%90%88%E5%90%8C_1732012345678abcdef.pdf')).toBe('合同.pdf');
    expect(shortFileName('abcdef.txt')).toBe('abcde….txt');
    // only long names are shortened, keeping the extension
    expect(displayFileName('二〇二六年十一月华南区客户拜访往返高铁行程单.pdf')).toBe('二〇二六年十一月华南区客户拜访往返高….pdf');
  });

  it('emits only finished files, and nothing while a file is uploading', () => {
    const list: UploadItem[] = [
      { uid: '1', name: 'a', status: 'done', path: 'oa/a.png' },
      { uid: '2', name: 'b', status: 'error', response: '请上传图片' },
      { uid: '3', name: 'c', status: 'done', path: 'oa/c.png' },
    ];
    expect(listToValue(list)).toBe('oa/a.png,oa/c.png');
    expect(listToValue([...list, { uid: '4', name: 'd', status: 'uploading' }])).toBeNull();
    expect(listToValue([])).toBe('');
  });

  it('moves pictures and refuses to move past the ends with the product texts', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 'left')).toEqual({ warning: '未知的操作' });
    expect(moveItem(['a', 'b', 'c'], 2, 'right')).toEqual({ warning: '已到最后~' });
    expect(moveItem(['a', 'b', 'c'], 1, 'left')).toEqual({ list: ['b', 'a', 'c'] });
    expect(moveItem(['a', 'b', 'c'], 1, 'right')).toEqual({ list: ['a', 'c', 'b'] });
  });

  it('keeps the last N files and picks the avatar rules for the avatar folder', () => {
    expect(keepLast([1, 2, 3], 2)).toEqual([2, 3]);
    expect(keepLast([1, 2, 3], 0)).toEqual([1, 2, 3]);
    expect(uploadKindFor('image', '/oa/avatar')).toBe('avatar');
    expect(uploadKindFor('image', '/oa')).toBe('image');
  });

  it('checks type and size before sending, with the product texts', () => {
    const MB = 1024 * 1024;
    expect(checkUpload('avatar', { name: 'a.bmp', size: 10, type: 'image/bmp' })).toBe('上传头像图片只能是 JPG 格式!');
    expect(checkUpload('avatar', { name: 'a.jpg', size: MB, type: 'image/jpeg' })).toBe('上传头像图片大小不能超过 1MB!');
    expect(checkUpload('avatar', { name: 'a.gif', size: MB - 1, type: 'image/gif' })).toBeNull();
    expect(checkUpload('image', { name: 'a.txt', size: 1, type: 'text/plain' })).toBe('请上传图片');
    expect(checkUpload('image', { name: 'a.png', size: 10 * MB, type: 'image/png' })).toBe('文件大小必须小于10MB!');
    expect(checkUpload('file', { name: 'a.exe', size: 1 })).toBe('不支持的文件类型');
    expect(checkUpload('file', { name: 'a.pdf', size: 1 })).toBeNull();
  });
});
