export { CustomerPropertyDemo } from './components/CustomerPropertyDemo';
