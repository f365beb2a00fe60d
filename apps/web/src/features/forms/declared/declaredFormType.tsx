import type { FormDeclaration } from '@go/contract/forms/index';
import type { ComponentType } from 'react';
import type { FormEditorProps, FormViewProps, WebFormType } from '../../workflow/formTypes';
import { DeclaredEditor } from './DeclaredEditor';
import { DeclaredView } from './DeclaredView';

/** A web form type that also carries its declaration (the generic list page reads it). */
export type DeclaredWebFormType = WebFormType & { declaration: FormDeclaration };

type EditorModule = { default?: ComponentType<FormEditorProps>; View?: ComponentType<FormViewProps> };
/**
 * Editors of form types the generic one does not fit: `editors/<RouteName>.tsx` (the last part of the
 * routeName), default export the editor, optional `View` the read-only view.
 */
const editors = import.meta.glob<EditorModule>('../editors/*.tsx', { eager: true });

function own(routeName: string): EditorModule {
  const name = routeName.split('/').pop();
  return Object.entries(editors).find(([path]) => path.endsWith(`/${name}.tsx`))?.[1] ?? {};
}

/**
 * The workflow screens' form type of a declaration: the generic read-only view and editor (or the
 * type's own), label, layout, comment rule, approval path and score from the declaration.
 */
export function declaredWebFormType(
  decl: FormDeclaration,
  given: { View?: ComponentType<FormViewProps>; Editor?: ComponentType<FormEditorProps>; approvalScore?: boolean } = {},
): DeclaredWebFormType {
  const found = own(decl.routeName);
  const View = given.View ?? found.View ?? ((p: FormViewProps) => <DeclaredView decl={decl} {...p} />);
  const Editor = given.Editor ?? found.default ?? ((p: FormEditorProps) => <DeclaredEditor decl={decl} {...p} />);
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
    approvalScore: given.approvalScore ?? decl.approvalScore,
  };
}
