// The product catalogue's screens, one island for all of them (the page's props name the screen): 本地产品 (the
// list), its add/edit screen, its details, SKU配对 (listings), 商品列表 (listings with stock, sales and owners), 在售报告
// (the listings report), 商品目录 (Amazon's catalogue), 图片上传 and the lists of one kind (物料, 耗材, 包材).
import { mount } from "../lib/mount.js";
import ProductList from "./ProductList.jsx";
import ProductForm from "./ProductForm.jsx";
import ProductDetails from "./ProductDetails.jsx";
import Listings from "./Listings.jsx";
import OpenListings from "./OpenListings.jsx";
import CatalogItems from "./CatalogItems.jsx";
import ListingProducts from "./ListingProducts.jsx";
import PhotoUpload from "./PhotoUpload.jsx";
import { KIND_SCREENS } from "./shared.jsx";

const SCREENS = { products: ProductList, productForm: ProductForm, productDetails: ProductDetails, listings: Listings, openListings: OpenListings, listingProducts: ListingProducts, catalogItems: CatalogItems, photoUpload: PhotoUpload };

function ProductScreen({ screen, ...props }) {
  if (KIND_SCREENS[screen]) return <ProductList {...props} only={KIND_SCREENS[screen]} />;
  const Screen = SCREENS[screen];
  return Screen ? <Screen {...props} /> : null;
}

mount("products", ProductScreen);
