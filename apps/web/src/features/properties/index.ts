export { CustomerPropertyDemo } from './components/CustomerPropertyDemo';
export { PropertyInventory } from './components/inventory/PropertyInventory';
