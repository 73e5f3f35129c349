// The one-script form, served by the chat remote at /sciexperts-chat.js (`<script type="module" src>`): the chat's
// origin is this script's own.
import { defineSciexpertsChat } from './index';

defineSciexpertsChat({ chatOrigin: new URL(import.meta.url).origin });
