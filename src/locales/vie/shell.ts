// The shell's texts in one language: the interface catalog and the wire texts, one chunk (i18n.ts).
export { messages } from './messages.po';
export { default as wire } from '@contract/messages/vie';
