/** The editor's toolbar, in groups: Quill builds it (quill-record-editor.tsx), and the text shown while Quill loads keeps its room (record-editor.tsx). */
export const editorToolbar = [
  [{ header: [1, 2, 3, false] }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ list: 'ordered' }, { list: 'bullet' }],
  ['link'],
  ['clean'],
];
