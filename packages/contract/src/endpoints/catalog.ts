/** The catalogue as shoppers read it. */
import { z } from 'zod';
import { Announcement } from '../admin-home';
import { ProductRedirect } from '../admin-products';
import {
  CollectionsResponse,
  CollectionProductsBody,
  CollectionProductsResponse,
  CategoriesResponse,
} from '../catalog';
import {
  BannersResponse,
  SearchParams,
  ListingPage,
  ListingParams,
  Facets,
  CategoryProductsResponse,
} from '../catalog';
import { ProductResponse, HomeCustomization } from '../catalog';
import { Slug } from '../common';
import { endpoints } from './define';

const SlugParams = z.object({ slug: Slug });

export const catalogEndpoints = endpoints(['catalogue'], {
  'catalog.collections': { method: 'GET', path: '/collections', auth: 'public', response: CollectionsResponse },
  'catalog.collectionProducts': {
    method: 'POST',
    path: '/collection/products/by-id',
    auth: 'public',
    body: CollectionProductsBody,
    response: CollectionProductsResponse,
  },
  'catalog.categories': { method: 'GET', path: '/categories', auth: 'public', response: CategoriesResponse },
  'catalog.banners': { method: 'GET', path: '/banners', auth: 'public', response: BannersResponse },
  'catalog.announcement': { method: 'GET', path: '/announcement', auth: 'public', response: Announcement },
  'catalog.search': {
    method: 'GET',
    path: '/products/search',
    auth: 'public',
    query: SearchParams,
    response: ListingPage,
  },
  'catalog.variants': {
    method: 'GET',
    path: '/products/productvariant',
    auth: 'public',
    query: ListingParams,
    response: ListingPage,
  },
  'catalog.latest': {
    method: 'GET',
    path: '/products/latest',
    auth: 'public',
    query: ListingParams,
    response: ListingPage,
  },
  'catalog.popular': {
    method: 'GET',
    path: '/products/popular',
    auth: 'public',
    query: ListingParams,
    response: ListingPage,
  },
  'catalog.facets': { method: 'GET', path: '/products/facets', auth: 'public', response: Facets },
  'catalog.category': {
    method: 'GET',
    path: '/products/category/:slug',
    auth: 'public',
    params: SlugParams,
    query: ListingParams,
    response: CategoryProductsResponse,
  },
  'catalog.product': {
    method: 'GET',
    path: '/product/:slug',
    auth: 'public',
    params: SlugParams,
    response: ProductResponse,
  },
  'catalog.productRedirect': {
    method: 'GET',
    path: '/product-redirects/:slug',
    auth: 'public',
    params: SlugParams,
    response: ProductRedirect,
  },
  'catalog.home': { method: 'GET', path: '/home-customization-products', auth: 'public', response: HomeCustomization },
});
