package com.courtrush.venue;

import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import org.apache.ibatis.annotations.Mapper;

@Mapper
public interface PriceBandMapper extends BaseMapper<PriceBand> {}
