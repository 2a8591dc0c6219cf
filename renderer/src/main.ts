import { createPinia } from 'pinia';
import { createApp } from 'vue';
import App from './App.vue';
import { registerGridModules } from './components/grid/gridSetup';
import { createDeskRouter } from './router';
import './styles.css';

registerGridModules();
createApp(App).use(createPinia()).use(createDeskRouter()).mount('#app');
