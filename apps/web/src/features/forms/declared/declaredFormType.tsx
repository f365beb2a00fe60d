import type { FormDeclaration } from '@go/contract/forms/index';
import type { ComponentType } from 'react';
import type { FormEditorProps, FormViewProps, WebFormType } from '../../workflow/formTypes';
import { DeclaredEditor } from './DeclaredEditor';
import { DeclaredView } from './DeclaredView';

/** A web form type that also carries its declaration (the generic list page reads it). */
export type DeclaredWebFormType = WebFormType & { declaration: FormDeclaration };

type EditorModule = { default: ComponentType<FormEditorProps> };
/** Editors of form types the generic one does not fit: `editors/<RouteName>.tsx`, default export. */
const editors = import.meta.glob<EditorModule>('../editors/*.tsx', { eager: true });

function customEditor(routeName: string): ComponentType<FormEditorProps> | undefined {
  const name = routeName.split('/').pop();
  return Object.entries(editors).find(([path]) => path.endsWith(`/${name}.tsx`))?.[1].default;
}

/**
 * The workflow screens' form type of a declaration: the generic read-only view and editor (or the
 * type's own editor), label, layout, comment rule and approval path from the declaration.
 */
export function declaredWebFormType(
  decl: FormDeclaration,
  own: { View?: ComponentType<FormViewProps>; Editor?: ComponentType<FormEditorProps>; approvalScore?: boolean } = {},
): DeclaredWebFormType {
  const View = own.View ?? ((p: FormViewProps) => <DeclaredView decl={decl} {...p} />);
  const Editor = own.Editor ?? customEditor(decl.routeName) ?? ((p: FormEditorProps) => <DeclaredEditor decl={decl} {...p} />);
  return {
    declaration: decl,
    tableName: decl.key,
    routeName: decl.routeName,
    label: decl.label,
    fullScreen: decl.layout === 'full',
    commentRequired: !!decl.commentRequired,
    passPath: decl.passPath ?? 'pass',
    View,
    Editor,
    approvalScore: own.approvalScore,
  };
}
